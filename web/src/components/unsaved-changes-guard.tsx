// Leaving an editor (survey, story) with unsaved changes asks first: navigation inside the app through React Router's blocker, closing
// or reloading the tab through the browser's own prompt.
import { Button, Group, Modal, Text } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type Location, useBlocker } from "react-router";

/** `staysInside` tells which locations keep the editor (its own tabs), so going there never asks. */
export function UnsavedChangesGuard({ when, staysInside }: { when: () => boolean; staysInside: (location: Location) => boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ nextLocation }) => when() && !staysInside(nextLocation));

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (when()) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [when]);

  return (
    <Modal opened={blocker.state === "blocked"} onClose={() => blocker.reset?.()} title={t("common.unsavedChanges.title")} centered>
      <Text>{t("common.unsavedChanges.message")}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t("common.unsavedChanges.stay")}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t("common.unsavedChanges.leave")}
        </Button>
      </Group>
    </Modal>
  );
}
