// The published state of a container (spec 1 §4): a badge, Private (warning) or Published (success), and the
// Publish/Unpublish toggle, enabled only with repox.store.container.publish.
import { Badge, Button, Group } from "@mantine/core";
import { PERMISSIONS } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { toastOutcome } from "../../components/toast.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { usePublish } from "./api.ts";

export function PublishBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={published ? "green" : "yellow"} variant="light" style={{ flexShrink: 0 }}>
      {published ? t("containers.publish.published") : t("containers.publish.private")}
    </Badge>
  );
}

export function PublishControl({ uuid, published }: { uuid: string; published: boolean }) {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const publish = usePublish();
  return (
    // In the narrow details panel the button goes below the badge rather than cutting the badge's word short.
    <Group gap="xs" wrap="wrap" style={{ flexShrink: 0 }}>
      <PublishBadge published={published} />
      <Button
        size="compact-xs"
        variant="light"
        disabled={!can(PERMISSIONS.containerPublish)}
        loading={publish.isPending}
        onClick={() => publish.mutate({ uuid, published: !published }, toastOutcome(t("toast.updated")))}
      >
        {published ? t("containers.actions.unpublish") : t("containers.actions.publish")}
      </Button>
    </Group>
  );
}
