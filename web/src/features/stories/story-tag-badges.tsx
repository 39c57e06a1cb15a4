// A story's tags as small badges, each 'scope:name' cut at 10 characters with the whole name on hover.
import { Badge, Group } from "@mantine/core";
import { type StoryTag, storyTagLabel } from "@repox/contracts";
import { cardTag } from "./story-text.ts";

export function StoryTagBadges({ tags }: { tags: StoryTag[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag.id} size="sm" variant="outline" color={tag.color} title={storyTagLabel(tag)} tt="none">
          {cardTag(tag)}
        </Badge>
      ))}
    </Group>
  );
}
