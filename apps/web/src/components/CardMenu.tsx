import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import { LazyMenu } from './LazyMenu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useT } from '../i18n/useT';

const ITEMS = ['card.updateData', 'card.detailedLog', 'card.statistics', 'card.clearData'] as const;

/** The card header dropdown of the spec: Update Data, Detailed Log, Statistics, Clear Data; each only closes the menu. */
export function CardMenu() {
  const t = useT();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        id={`${id}-button`}
        aria-label={t('card.options')}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        aria-controls={anchor ? `${id}-menu` : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <LazyMenu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
      >
        {ITEMS.map((item) => (
          <MenuItem key={item} onClick={close}>
            {t(item)}
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
