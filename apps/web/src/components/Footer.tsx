import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';

/** The foot of the public pages: the school's contacts (e-mail, phone) when it has them, the copyright. */
export function Footer({ contacts }: { contacts?: string }) {
  return (
    <Box component="footer" sx={{ px: 2, py: 1.5, textAlign: 'center' }}>
      {contacts && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {contacts}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="footer.copyright" />
      </Typography>
    </Box>
  );
}
