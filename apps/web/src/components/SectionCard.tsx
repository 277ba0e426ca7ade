import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** An outlined card under an h2 title (the screen's h1 stands above it). */
export function SectionCard({
  title,
  action,
  sx,
  contentSx,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  sx?: SxProps<Theme>;
  contentSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={sx}>
      <CardHeader title={title} action={action} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={contentSx}>{children}</CardContent>
    </Card>
  );
}
