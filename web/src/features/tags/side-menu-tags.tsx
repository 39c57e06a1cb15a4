// Under the side menu: the first tags of the store (at most 3), each leading to its tagged items, then
// 'Show all tags' (spec 1 §2, spec 2 "Tags").
import { NavLink, Stack } from "@mantine/core";
import { SIDE_MENU_TAG_COUNT, TAG_DEFAULT_SCOPE } from "@repox/contracts";
import { IconTags } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useTags } from "./api.ts";
import { TagSwatch } from "./tag-swatch.tsx";

export function SideMenuTags({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tags = useTags({ page: 0, size: SIDE_MENU_TAG_COUNT, scope: TAG_DEFAULT_SCOPE });
  return (
    <Stack gap={2}>
      {tags.data?.content.map((tag) => (
        <NavLink
          key={tag.id}
          component={Link}
          to={`/tagged/${tag.id}`}
          label={tag.name}
          leftSection={<TagSwatch color={tag.color} />}
          active={pathname === `/tagged/${tag.id}`}
          onClick={onNavigate}
        />
      ))}
      <NavLink
        component={Link}
        to="/settings/tags"
        label={t("menu.showAllTags")}
        leftSection={<IconTags size={18} stroke={1.6} />}
        onClick={onNavigate}
      />
    </Stack>
  );
}
