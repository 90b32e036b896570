/**
 * The back office's themes: react-admin's light and dark ones, except that a wide table scrolls
 * inside its own box instead of widening the whole page (react-admin lets the layout grow to fit
 * its content, so on a phone or with a long JSON cell the menu, the title and the filters slid
 * sideways with the table).
 */
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

const contained: RaThemeOptions['components'] = {
  RaLayout: {
    styleOverrides: {
      root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } },
    },
  },
  RaList: {
    styleOverrides: {
      root: { '& .RaList-main': { minWidth: 0 } },
    },
  },
  RaDatagrid: {
    styleOverrides: {
      root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } },
    },
  },
};

const withContainedTables = (theme: RaThemeOptions): RaThemeOptions => ({
  ...theme,
  components: { ...theme.components, ...contained },
});

export const lightTheme = withContainedTables(defaultLightTheme);
export const darkTheme = withContainedTables(defaultDarkTheme);
