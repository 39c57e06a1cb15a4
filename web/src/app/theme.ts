// The Mantine theme; system fonts only, so nothing is fetched from outside hosts.
import { Autocomplete, createTheme, Select } from "@mantine/core";

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
