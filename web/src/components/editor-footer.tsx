// The footer of an editor dialog: Delete (behind the shared confirmation) for an existing item, and Save.
import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { confirmAndRemove, type Removal } from "./confirm-removal.ts";
import { DialogFooter } from "./dialog-footer.tsx";

/** A delete the footer offers, and what follows it (usually closing the dialog). */
export type FooterRemoval<K> = Removal<K> & { onDeleted: () => void };

type Props<K> = { removal: FooterRemoval<K> | null; isSaving: boolean };

export function EditorFooter<K>({ removal, isSaving }: Props<K>) {
  const { t } = useTranslation();
  return (
    <DialogFooter spread={removal !== null}>
      {removal && (
        <Button
          variant="subtle"
          color="red"
          onClick={() => confirmAndRemove(removal, removal.onDeleted)}
          loading={removal.mutation.isPending}
        >
          {t("common.delete")}
        </Button>
      )}
      <Button type="submit" loading={isSaving}>
        {t("common.save")}
      </Button>
    </DialogFooter>
  );
}
