// /settings/content-model: the tiles leading to each part of the content model, and the export and import dialogs.
import { Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { PERMISSIONS } from "@repox/contracts";
import { IconDownload, IconUpload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header.tsx";
import { useMyPermissions } from "../../auth/permissions.ts";
import { ExportDialog } from "../transfer/export-dialog.tsx";
import { ImportDialog } from "../transfer/import-dialog.tsx";
import { ContentModelTiles } from "./content-model-tiles.tsx";

export function ContentModelPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const [isExportOpen, exportDialog] = useDisclosure(false);
  const [isImportOpen, importDialog] = useDisclosure(false);
  return (
    <>
      <PageHeader title={t("menu.contentModel")}>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportDialog.open}>
          {t("contentModel.export.open")}
        </Button>
        {can(PERMISSIONS.settingsContentModelEdit) && (
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={importDialog.open}>
            {t("contentModel.import.open")}
          </Button>
        )}
      </PageHeader>
      <ContentModelTiles />
      {isExportOpen && <ExportDialog onClose={exportDialog.close} />}
      {isImportOpen && <ImportDialog onClose={importDialog.close} />}
    </>
  );
}
