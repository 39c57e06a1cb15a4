// Edits one setting. A non-editable one says so instead of offering an input; without the edit permission the
// input is read-only and there is no Save (spec 2 "General settings", §5).
import { Modal, Stack, Text } from "@mantine/core";
import type { SystemSetting } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { useFirstFieldFocus } from "../../components/first-field-focus.ts";
import { toastOutcome } from "../../components/toast.ts";
import { useSaveSetting } from "./api.ts";
import { displayValue } from "./setting-display.ts";
import { SettingInput } from "./setting-input.tsx";

type Props = { setting: SystemSetting; canEdit: boolean; onClose: () => void };

export function SettingDialog({ setting, canEdit, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState(setting.settingValue);
  const save = useSaveSetting();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate({ settingKey: setting.settingKey, settingValue: value }, toastOutcome(t("toast.updated"), onClose));
  };

  const focusRef = useFirstFieldFocus();
  return (
    <Modal opened onClose={onClose} title={setting.label}>
      <form noValidate onSubmit={submit} ref={focusRef}>
        <Stack>
          {setting.description && (
            <Text size="sm" c="dimmed">
              {setting.description}
            </Text>
          )}
          {setting.editable ? (
            <SettingInput setting={setting} value={value} onChange={setValue} disabled={!canEdit} />
          ) : (
            <>
              <Text fw={500}>{displayValue(setting, i18n.language)}</Text>
              <Text>{t("settings.notEditable")}</Text>
            </>
          )}
          {setting.editable && canEdit && <EditorFooter removal={null} isSaving={save.isPending} />}
        </Stack>
      </form>
    </Modal>
  );
}
