// /settings/general (and /settings): the system settings, each opening its edit dialog.
import { PERMISSIONS } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { useMyPermissions } from "../auth/permissions.ts";
import { useSystemSettings } from "./api.ts";
import { SettingDialog } from "./setting-dialog.tsx";
import { SettingsTable } from "./settings-table.tsx";

export function GeneralSettingsPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const settings = useSystemSettings();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const open = settings.data?.find((setting) => setting.settingKey === openKey);

  return (
    <>
      <PageHeader title={t("settings.title")} />
      {settings.data ? (
        <SettingsTable settings={settings.data} onOpen={setOpenKey} />
      ) : (
        <QueryStatus isLoading={settings.isLoading} error={settings.error} />
      )}
      {open && (
        <SettingDialog
          key={open.settingKey}
          setting={open}
          canEdit={can(PERMISSIONS.settingsSystemEdit)}
          onClose={() => setOpenKey(null)}
        />
      )}
    </>
  );
}
