// The global search on screens too narrow for the top bar's box (below the md breakpoint): a search icon that opens
// the same search in a dialog at the top of the screen.
import { ActionIcon, Modal } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { GlobalSearch } from "./global-search.tsx";

export function SearchOverlay() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <ActionIcon variant="subtle" color="gray" size="lg" hiddenFrom="md" onClick={open} aria-label={t("topBar.openSearch")}>
        <IconSearch size={20} />
      </ActionIcon>
      <Modal opened={opened} onClose={close} title={t("topBar.search")} yOffset="1rem">
        <GlobalSearch inDialog={{ onOpened: close }} />
      </Modal>
    </>
  );
}
