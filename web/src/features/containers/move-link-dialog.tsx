// Move or link a container or file through the destination picker; toasts 'Moved successfully to {label}' or
// 'Linked successfully to {label}' with the label cut to 50 characters (spec 1 §7).
import { useTranslation } from "react-i18next";
import { toastOutcome } from "../../components/toast.ts";
import { DestinationPickerModal } from "../destination-picker/destination-picker-modal.tsx";
import type { Destination, PickerMode, PickerSubject } from "../destination-picker/destination-rules.ts";
import { useLink, useMove } from "./api.ts";
import { pickerLabel } from "./label-display.ts";

type Props = { mode: PickerMode; subject: PickerSubject & { from: string }; onClose: () => void };

export function MoveLinkDialog({ mode, subject, onClose }: Props) {
  const { t } = useTranslation();
  const move = useMove();
  const link = useLink();
  const item = { kind: subject.kind, uuid: subject.uuid };

  const confirm = (destination: Destination) => {
    const label = pickerLabel(destination.label);
    if (mode === "move") {
      move.mutate({ item, from: subject.from, to: destination.uuid }, toastOutcome(t("containers.toasts.moved", { label }), onClose));
    } else {
      link.mutate({ item, to: destination.uuid }, toastOutcome(t("containers.toasts.linked", { label }), onClose));
    }
  };

  return (
    <DestinationPickerModal
      title={t(mode === "move" ? "containers.picker.moveTitle" : "containers.picker.linkTitle", { label: pickerLabel(subject.label) })}
      confirmLabel={t(mode === "move" ? "containers.picker.move" : "containers.picker.link")}
      subjects={[subject]}
      isPending={move.isPending || link.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
