// The one answer of every permission-gated page the caller may not use, with a way back to My Content.
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DeadEnd } from "../components/dead-end.tsx";

export function NoAccessPage() {
  const { t } = useTranslation();
  return <DeadEnd icon={<IconLock size={32} />} title={t("errors.noAccess")} description={t("errors.noAccessHint")} />;
}
