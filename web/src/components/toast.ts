// Success and error toasts. A toast with the same text replaces the visible one instead of stacking a twin.
import { notifications, notificationsStore } from "@mantine/notifications";
import i18next from "i18next";
import { errorText } from "../api/errors.ts";

function showToast(message: string, color: "teal" | "red" | "yellow" | "blue", title?: string) {
  const id = `toast:${message}`;
  const { notifications: visible, queue } = notificationsStore.getState();
  const exists = [...visible, ...queue].some((notification) => notification.id === id);
  if (exists) notifications.update({ id, message, color, title });
  else notifications.show({ id, message, color, title });
}

export function showSuccess(message: string) {
  showToast(message, "teal");
}

export function showWarning(message: string) {
  showToast(message, "yellow", i18next.t("toast.warning"));
}

/** An info toast (spec 3 §8 'Link copied to clipboard!'). */
export function showInfo(message: string) {
  showToast(message, "blue");
}

export function showError(message: string) {
  showToast(message, "red", i18next.t("toast.error"));
}

/** Mutate callbacks that toast the outcome: `successText`, or the server's message on failure (spec 1 §8). */
export function toastOutcome<T>(successText: string, onSuccess?: (data: T) => void) {
  return {
    onSuccess: (data: T) => {
      showSuccess(successText);
      onSuccess?.(data);
    },
    onError: (error: unknown) => showError(errorText(error)),
  };
}

/**
 * Mutate callbacks of a save whose failure the form shows itself: toasts 'Successfully created' for a new item,
 * else 'Successfully updated'.
 */
export function toastSaved<T>(isNew: boolean, onSaved?: (data: T) => void) {
  return {
    onSuccess: (data: T) => {
      showSuccess(i18next.t(isNew ? "toast.created" : "toast.updated"));
      onSaved?.(data);
    },
  };
}
