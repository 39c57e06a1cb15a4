// Saves a container's colour and toasts the outcome; the palette in the modal and in the breadcrumb menu share it.
import i18next from "i18next";
import { toastOutcome } from "../../components/toast.ts";
import { useSetColor } from "./api.ts";

export function useColorChange() {
  const setColor = useSetColor();
  const change = (uuid: string, color: string | null, onDone?: () => void) =>
    setColor.mutate({ uuid, color }, toastOutcome(i18next.t("toast.updated"), onDone));
  return { change, isPending: setColor.isPending };
}
