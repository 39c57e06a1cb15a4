// Where a vocabulary is used: in content (values of its terms) and in the content model (properties drawing on it and
// the types carrying them).
import type { Vocabulary } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { UsageModal } from "../content-model/shared/usage-modal.tsx";
import { contentUsageRows } from "../content-model/shared/usage-rows.ts";
import { useVocabularyContentModelUsages, useVocabularyUsages } from "./api.ts";
import { vocabularyContentModelRows } from "./usage-rows.ts";

export function VocabularyUsageModal({ vocabulary, onClose }: { vocabulary: Vocabulary; onClose: () => void }) {
  const { t } = useTranslation();
  const content = useVocabularyUsages(vocabulary.uuid);
  const contentModel = useVocabularyContentModelUsages(vocabulary.uuid);
  return (
    <UsageModal
      title={t("vocabularies.usageTitle", { name: vocabulary.name })}
      content={{ query: content, toRows: contentUsageRows, emptyText: t("vocabularies.noUsage") }}
      contentModel={{ query: contentModel, toRows: vocabularyContentModelRows, emptyText: t("vocabularies.noContentModelUsage") }}
      onClose={onClose}
    />
  );
}
