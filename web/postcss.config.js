// Mantine's PostCSS preset: light-dark(), rem() and breakpoint mixins in our CSS.
export default {
  plugins: {
    "postcss-preset-mantine": {},
  },
};
