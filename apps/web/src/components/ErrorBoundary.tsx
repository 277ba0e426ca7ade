import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useT } from '../i18n/useT';

/**
 * Catches a screen that throws while rendering, or a lazy chunk that fails to download on a
 * dropped connection, and offers a reload instead of a blank page. Give it a `key` that changes
 * with the route so moving on clears the error.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}

function ErrorFallback() {
  const t = useT();
  return (
    <Stack role="alert" spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}>
      <Typography component="h1" variant="h5">
        {t('error.serverWrong')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </Stack>
  );
}
