// "Showing the first 50 of 120" under a list that the container answer cut short (it embeds the first items only).
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export function ShownOf({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation();
  if (total <= shown) return null;
  return (
    <Text size="xs" c="dimmed" mt={4}>
      {t("printPreview.shownOf", { shown, total })}
    </Text>
  );
}
