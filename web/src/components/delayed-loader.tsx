// What shows while a page's or a dialog's code loads: nothing at first, so a fast load does not flash a spinner,
// then a centred loader; `overlay` centres it over the whole window (a dialog opening above the page).
import { Center, Loader } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Loads quicker than this show no loader at all. */
export const LOADER_DELAY_MS = 300;

export function DelayedLoader({ overlay = false }: { overlay?: boolean }) {
  const { t } = useTranslation();
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!isShown) return null;
  const loader = <Loader role="status" aria-label={t("common.loading")} />;
  if (overlay) {
    return (
      <Center pos="fixed" inset={0} style={{ zIndex: "var(--mantine-z-index-modal)", pointerEvents: "none" }}>
        {loader}
      </Center>
    );
  }
  return (
    <Center mih="50vh" py="xl">
      {loader}
    </Center>
  );
}
