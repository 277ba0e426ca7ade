import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';

export function Footer() {
  return (
    <Box component="footer" sx={{ px: 2, py: 1.5, textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="footer.copyright" />
      </Typography>
    </Box>
  );
}
