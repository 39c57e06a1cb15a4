// Where a property is used: in content (containers and datastreams holding a value) and in the content model
// (types carrying it).
import type { Property } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { UsageModal } from "../shared/usage-modal.tsx";
import { contentModelUsageRows, contentUsageRows } from "../shared/usage-rows.ts";
import { usePropertyContentModelUsages, usePropertyUsages } from "./api.ts";

export function PropertyUsageModal({ property, onClose }: { property: Property; onClose: () => void }) {
  const { t } = useTranslation();
  const content = usePropertyUsages(property.propertyKey);
  const contentModel = usePropertyContentModelUsages(property.propertyKey);
  return (
    <UsageModal
      title={t("contentModel.usage.title", { name: property.displayName })}
      content={{ query: content, toRows: contentUsageRows, emptyText: t("contentModel.usage.noContentUsage") }}
      contentModel={{ query: contentModel, toRows: contentModelUsageRows, emptyText: t("contentModel.usage.noContentModelUsage") }}
      onClose={onClose}
    />
  );
}
