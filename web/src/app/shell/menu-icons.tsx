// An icon per menu path.
import {
  type Icon,
  IconAddressBook,
  IconAdjustments,
  IconBook,
  IconChartPie,
  IconClock,
  IconDatabase,
  IconDeviceDesktop,
  IconDevices,
  IconFolder,
  IconLayoutCards,
  IconListDetails,
  IconMapRoute,
  IconSchema,
  IconStar,
  IconTags,
  IconTrash,
  IconUsers,
  IconUsersGroup,
  IconWorld,
} from "@tabler/icons-react";

const ICONS: Record<string, Icon> = {
  "/containers": IconFolder,
  "/recent": IconClock,
  "/starred": IconStar,
  "/reports": IconChartPie,
  "/trash": IconTrash,
  "/storage": IconDatabase,
  "/settings/general": IconAdjustments,
  "/settings/content-model": IconSchema,
  "/settings/groups": IconUsersGroup,
  "/settings/users": IconUsers,
  "/settings/tags": IconTags,
  "/surveys": IconListDetails,
  "/contacts": IconAddressBook,
  "/stories": IconLayoutCards,
  "/screens": IconDeviceDesktop,
  "/websites": IconWorld,
  "/screen-app": IconDevices,
  "/guide": IconMapRoute,
};

export function MenuIcon({ path, size = 20 }: { path: string; size?: number }) {
  const Component = ICONS[path] ?? IconBook;
  return <Component size={size} stroke={1.6} />;
}
