// /containers/{uuid} for a container that does not exist (or an address whose id is not one): breadcrumbs
// 'Content › not found' and the way back to My Content, instead of the server's validation text.
import { Anchor, Box, Breadcrumbs, Text } from "@mantine/core";
import { IconFolderOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { DeadEnd } from "../../components/dead-end.tsx";

/** A 404, or a 400 for an id that is not a uuid: either way there is no such container. */
export function isMissingContainer(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function ContainerNotFound() {
  const { t } = useTranslation();
  return (
    <>
      <Box component="nav" aria-label={t("containers.breadcrumbs")} mb="xs">
        <Breadcrumbs separatorMargin={6}>
          <Anchor component={Link} to="/containers" size="sm">
            {t("containers.breadcrumbRoot")}
          </Anchor>
          <Text size="sm" fw={600} aria-current="page">
            {t("containers.notFoundCrumb")}
          </Text>
        </Breadcrumbs>
      </Box>
      <DeadEnd icon={<IconFolderOff size={32} />} title={t("containers.notFound")} />
    </>
  );
}
