import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LanguageSelect } from '../../components/LanguageSelect';
import type { MessageId } from '../../i18n/locales';
import { useT } from '../../i18n/useT';
import { useInstitution } from '../../lib/institution';
import { SWATCHES, swatchOf } from '../providers/theme';
import {
  DRAWER_TYPES,
  HORIZONTAL_NAV_POSITIONS,
  NAVIGATION_STYLES,
  SCHOOL_THEME_COLOUR,
  THEME_COLOURS,
  updateSettings,
  useSettings,
  type Settings,
  type ThemeColour,
} from '../settings';

const COLOUR_NAMES = {
  indigo: 'customiser.colour.indigo',
  cyan: 'customiser.colour.cyan',
  amber: 'customiser.colour.amber',
  'deep-orange': 'customiser.colour.deepOrange',
  pink: 'customiser.colour.pink',
  blue: 'customiser.colour.blue',
  'deep-purple': 'customiser.colour.deepPurple',
  green: 'customiser.colour.green',
} as const;

type ChoiceName = 'drawerType' | 'navigationStyle' | 'horizontalNavPosition';

const CHOICE_LABELS: Record<Settings[ChoiceName], MessageId> = {
  fixed: 'customiser.drawer.fixed',
  collapsed: 'customiser.drawer.collapsed',
  mini: 'customiser.drawer.mini',
  vertical: 'customiser.nav.vertical',
  horizontal: 'customiser.nav.horizontal',
  inside: 'customiser.position.inside',
  top: 'customiser.position.top',
  below: 'customiser.position.below',
};

/** The theme customiser: colour, dark theme, direction, language, drawer and navigation. Every choice is saved. */
export default function ThemeCustomizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const settings = useSettings((s) => s);
  const schoolSwatch = swatchOf(SCHOOL_THEME_COLOUR, useInstitution()?.PrimaryColour);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 360 } },
          role: 'dialog',
          'aria-labelledby': 'customiser-title',
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
        <Typography id="customiser-title" component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('customiser.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')}>
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ p: 2, display: 'grid', gap: 3 }}>
        <Section label={t('customiser.colour')}>
          <RadioGroup
            aria-label={t('customiser.colour')}
            value={settings.themeColor}
            onChange={(event) => updateSettings({ themeColor: event.target.value as ThemeColour })}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1 }}
          >
            <Radio
              value={SCHOOL_THEME_COLOUR}
              slotProps={{ input: { 'aria-label': t('customiser.colour.school') } }}
              icon={<Swatch colour={schoolSwatch} dark={false} school />}
              checkedIcon={<Swatch colour={schoolSwatch} dark={false} school checked />}
              sx={{ p: 0.5, justifySelf: 'center', gridColumn: '1 / -1' }}
            />
            {THEME_COLOURS.flatMap((colour) =>
              [colour, `dark-${colour}` as const].map((value) => (
                <Radio
                  key={value}
                  value={value}
                  slotProps={{
                    input: {
                      'aria-label':
                        value === colour
                          ? t(COLOUR_NAMES[colour])
                          : t('customiser.colour.dark', { colour: t(COLOUR_NAMES[colour]) }),
                    },
                  }}
                  icon={<Swatch colour={SWATCHES[colour]} dark={value !== colour} />}
                  checkedIcon={<Swatch colour={SWATCHES[colour]} dark={value !== colour} checked />}
                  sx={{ p: 0.5, justifySelf: 'center' }}
                />
              )),
            )}
          </RadioGroup>
        </Section>
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={settings.darkTheme}
                onChange={(_, darkTheme) => updateSettings({ darkTheme })}
              />
            }
            label={t('customiser.darkTheme')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={settings.isDirectionRTL}
                onChange={(_, isDirectionRTL) => updateSettings({ isDirectionRTL })}
              />
            }
            label={t('customiser.rtl')}
          />
        </Box>
        <Section label={t('settings.language')}>
          <LanguageSelect fullWidth />
        </Section>
        <Choice label={t('customiser.drawer')} name="drawerType" options={DRAWER_TYPES} settings={settings} />
        <Choice
          label={t('customiser.nav')}
          name="navigationStyle"
          options={NAVIGATION_STYLES}
          settings={settings}
        />
        <Choice
          label={t('customiser.position')}
          name="horizontalNavPosition"
          options={HORIZONTAL_NAV_POSITIONS}
          settings={settings}
          disabled={settings.navigationStyle !== 'horizontal'}
        />
      </Box>
    </Drawer>
  );
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function Choice<N extends ChoiceName>(props: {
  label: string;
  name: N;
  options: readonly Settings[N][];
  settings: Settings;
  disabled?: boolean;
}) {
  const t = useT();
  const { label, name, options, settings, disabled } = props;
  return (
    <FormControl disabled={disabled}>
      <FormLabel id={`${name}-label`} sx={{ typography: 'subtitle2', color: 'text.primary' }}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={`${name}-label`}
        value={settings[name]}
        onChange={(event) => updateSettings({ [name]: event.target.value } as Partial<Settings>)}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio />}
            label={t(CHOICE_LABELS[option])}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function Swatch({
  colour,
  dark,
  checked = false,
  school = false,
}: {
  colour: string;
  dark: boolean;
  checked?: boolean;
  /** The school's colour: drawn wider, a pill among the circles. */
  school?: boolean;
}) {
  return (
    <Box
      sx={{
        width: school ? 96 : 36,
        height: 36,
        borderRadius: school ? 18 : '50%',
        display: 'grid',
        placeItems: 'center',
        color: '#fff',
        border: 3,
        borderColor: dark ? '#1e1f2b' : 'transparent',
        background: dark ? `linear-gradient(135deg, #1e1f2b 50%, ${colour} 50%)` : colour,
        outline: checked ? 2 : 0,
        outlineColor: 'text.primary',
        outlineOffset: 2,
      }}
    >
      {checked && <Check fontSize="small" sx={{ filter: 'drop-shadow(0 0 1px #000)' }} />}
    </Box>
  );
}
