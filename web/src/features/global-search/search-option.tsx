// One hit of the top bar's search (spec 3 §3 "Search result groups"): containers with who made them and when, files
// with their thumbnail, type and size, users with their e-mail, groups with their description.
import { Group, Mark, Text } from "@mantine/core";
import type { SearchDatastreamHit } from "@repox/contracts";
import { IconFolderFilled, IconUser, IconUsersGroup } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../components/format-bytes.ts";
import { useThumbnail } from "../containers/api.ts";
import { formatContentDate } from "../containers/content-dates.ts";
import { MimeIcon } from "../containers/mime-icon.tsx";
import { personName } from "../containers/people.ts";
import { fullName } from "../users/user-values.ts";
import classes from "./global-search.module.css";
import { highlightParts } from "./highlight.ts";
import type { SearchEntry } from "./search-results.ts";

function HighlightedLabel({ label, query }: { label: string; query: string }) {
  return (
    <Text size="sm" fw={500} truncate title={label}>
      {highlightParts(label, query).map((part, index) =>
        part.isMatch ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one label never move.
          <Mark key={index}>{part.text}</Mark>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}

function Thumbnail({ hit }: { hit: SearchDatastreamHit }) {
  const { t } = useTranslation();
  const url = useThumbnail(hit);
  return (
    <div className={classes.thumbnail}>
      {url ? <img src={url} alt={t("containers.thumbnail", { label: hit.label })} /> : <MimeIcon mimeType={hit.mimeType} size={22} />}
    </div>
  );
}

function Row({ leading, title, details }: { leading: ReactNode; title: ReactNode; details: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {leading}
      <div style={{ minWidth: 0 }}>
        {title}
        <Text size="xs" c="dimmed" truncate title={details}>
          {details}
        </Text>
      </div>
    </Group>
  );
}

const iconBox = (icon: ReactNode) => <div className={classes.icon}>{icon}</div>;

export function SearchOption({ entry, query }: { entry: SearchEntry; query: string }) {
  const { t, i18n } = useTranslation();
  switch (entry.kind) {
    case "containers": {
      const creator = personName(entry.hit.createdBy, t("containers.details.deletedUser"));
      return (
        <Row
          leading={iconBox(<IconFolderFilled size={22} color="var(--mantine-color-yellow-5)" aria-hidden />)}
          title={<HighlightedLabel label={entry.hit.label} query={query} />}
          details={t("globalSearch.createdByOn", { name: creator, date: formatContentDate(entry.hit.createdAt) })}
        />
      );
    }
    case "datastreams":
      return (
        <Row
          leading={<Thumbnail hit={entry.hit} />}
          title={<HighlightedLabel label={entry.hit.label} query={query} />}
          details={`${entry.hit.type.name} · ${formatBytes(entry.hit.filesize, i18n.language)}`}
        />
      );
    case "users":
      return (
        <Row
          leading={iconBox(<IconUser size={20} aria-hidden />)}
          title={<HighlightedLabel label={fullName(entry.hit)} query={query} />}
          details={entry.hit.email}
        />
      );
    case "groups":
      return (
        <Row
          leading={iconBox(<IconUsersGroup size={20} aria-hidden />)}
          title={<HighlightedLabel label={entry.hit.name} query={query} />}
          details={entry.hit.description}
        />
      );
  }
}
