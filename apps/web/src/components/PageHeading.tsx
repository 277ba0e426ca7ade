import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A screen's h1, with an optional line under it and an action (e.g. Add) at the end of its row. */
export function PageHeading({
  title,
  intro,
  action,
}: {
  title: string;
  intro?: ReactNode;
  action?: ReactNode;
}) {
  if (!intro && !action)
    return (
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
    );
  const heading = (
    <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
  );
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}
    >
      {intro ? (
        <Box>
          {heading}
          <Typography color="text.secondary" variant="body2">
            {intro}
          </Typography>
        </Box>
      ) : (
        heading
      )}
      {action}
    </Stack>
  );
}
