// The Mantine theme; system fonts only, so nothing is fetched from outside hosts.
import { Autocomplete, createTheme, Modal, mergeThemeOverrides, Select } from "@mantine/core";

// Select and Autocomplete unmount their options while closed, so the ArrowDown that opens them finds no option to
// highlight and the Enter after it chooses nothing; kept mounted (hidden), the first ArrowDown highlights one.
const KEEP_OPTIONS_MOUNTED = { comboboxProps: { keepMounted: true } };

export const theme = createTheme({
  primaryColor: "indigo",
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  components: {
    Select: Select.extend({ defaultProps: KEEP_OPTIONS_MOUNTED }),
    Autocomplete: Autocomplete.extend({ defaultProps: KEEP_OPTIONS_MOUNTED }),
  },
});

/** The theme with the texts it needs in the UI language: every modal's close button named for screen readers. */
export function themeIn(closeLabel: string) {
  return mergeThemeOverrides(
    theme,
    createTheme({ components: { Modal: Modal.extend({ defaultProps: { closeButtonProps: { "aria-label": closeLabel } } }) } }),
  );
}
