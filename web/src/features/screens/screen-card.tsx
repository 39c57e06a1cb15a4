// A card of the screens list (spec 3 §2): the screenshot or 'No image available', the PAIRED / NOT PAIRED badge,
// the name and the description; it opens the editor.
import { Badge, Card, Center, Group, Image, Text } from "@mantine/core";
import type { Screen } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function PairedBadge({ paired }: { paired: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={paired ? "green" : "gray"} style={{ flexShrink: 0, overflow: "visible" }} data-testid="paired-badge">
      {paired ? t("screens.paired") : t("screens.notPaired")}
    </Badge>
  );
}

export function ScreenCard({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" component={Link} to={`/screens/edit/${screen.id}`} data-testid="screen-card">
      <Card.Section h={160} bg="dark.7">
        {screen.screenshot ? (
          <Image src={screen.screenshot} h={160} fit="contain" alt={screen.name} />
        ) : (
          <Center h={160}>
            <Text c="dimmed">{t("screens.noImage")}</Text>
          </Center>
        )}
      </Card.Section>
      <Group mt="sm">
        <PairedBadge paired={screen.paired} />
      </Group>
      <Text fw={600} truncate mt={4}>
        {screen.name}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2}>
        {screen.description}
      </Text>
    </Card>
  );
}
