// Any unknown path inside the app (spec 1 §8 404 text).
import { IconMapOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DeadEnd } from "../components/dead-end.tsx";

export function NotFoundPage() {
  const { t } = useTranslation();
  return <DeadEnd icon={<IconMapOff size={32} />} title={t("errors.notFound")} />;
}
