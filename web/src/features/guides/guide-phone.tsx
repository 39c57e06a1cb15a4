// The phone-shaped preview of a guide (spec 3 §2): the splash screen (cover with the logo over it), the welcome screen
// in one of the guide's languages, and the onboarding pictures as a carousel with SKIP. The creator shows it beside
// the form, the public preview page on its own.
import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import type { GuideLanguage, GuideWelcomeTexts } from "@repox/contracts";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./guide-phone.module.css";
import { LanguageFlag } from "./language-flag.tsx";

export type PhoneGuide = {
  title: string;
  description: string;
  languages: GuideLanguage[];
  welcomeTexts: GuideWelcomeTexts;
  logoUrl: string | null;
  coverUrl: string | null;
  onboardingUrls: string[];
};

/** Inline: Mantine's own button styles would win over a class. */
const ARROW = { top: "50%", transform: "translateY(-50%)", zIndex: 2 } as const;

export const PHONE_SCREENS = ["splash", "welcome", "onboarding"] as const;
export type PhoneScreen = (typeof PHONE_SCREENS)[number];

function SplashScreen({ guide }: { guide: PhoneGuide }) {
  const { t } = useTranslation();
  return (
    <>
      {guide.coverUrl ? (
        <img className={classes.cover} src={guide.coverUrl} alt={t("guides.phone.cover")} data-testid="phone-cover" />
      ) : (
        <div className={`${classes.placeholder} ${classes.coverPlaceholder}`}>{t("guides.phone.noCover")}</div>
      )}
      {guide.logoUrl ? (
        <img className={classes.splashLogo} src={guide.logoUrl} alt={t("guides.phone.logo")} data-testid="phone-logo" />
      ) : (
        <div className={`${classes.placeholder} ${classes.splashLogo}`}>{t("guides.phone.noLogo")}</div>
      )}
    </>
  );
}

function WelcomeScreen({
  guide,
  language,
  onLanguage,
}: {
  guide: PhoneGuide;
  language: GuideLanguage | undefined;
  onLanguage: (language: GuideLanguage) => void;
}) {
  const { t } = useTranslation();
  const text = language ? guide.welcomeTexts[language] : undefined;
  return (
    <div className={classes.welcome}>
      {guide.logoUrl ? (
        <img className={classes.welcomeLogo} src={guide.logoUrl} alt={t("guides.phone.logo")} />
      ) : (
        <div className={classes.placeholder}>{t("guides.phone.noLogo")}</div>
      )}
      <Title order={4} style={{ overflowWrap: "anywhere" }}>
        {guide.title || t("guides.phone.noTitle")}
      </Title>
      {guide.description && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {guide.description}
        </Text>
      )}
      {guide.languages.length > 1 && (
        <Group gap={6} role="group" aria-label={t("guides.phone.language")}>
          {guide.languages.map((item) => (
            <UnstyledButton
              key={item}
              onClick={() => onLanguage(item)}
              aria-label={t(`guides.languageNames.${item}`)}
              aria-pressed={item === language}
              style={{ outline: item === language ? "2px solid var(--mantine-color-blue-6)" : undefined, outlineOffset: 2 }}
            >
              <LanguageFlag language={item} />
            </UnstyledButton>
          ))}
        </Group>
      )}
      {text ? (
        <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="phone-welcome-text">
          {text}
        </Text>
      ) : (
        <div className={classes.placeholder}>{t("guides.phone.noWelcome")}</div>
      )}
    </div>
  );
}

function OnboardingCarousel({ urls, onSkip }: { urls: string[]; onSkip: () => void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const last = urls.length - 1;
  // A picture removed or moved while shown: stay within the list.
  const current = Math.min(index, Math.max(0, last));
  if (urls.length === 0)
    return <div className={`${classes.placeholder} ${classes.coverPlaceholder}`}>{t("guides.phone.noOnboarding")}</div>;
  return (
    <>
      <div className={classes.slide}>
        <img src={urls[current]} alt={t("guides.onboarding.image", { number: current + 1 })} data-testid="phone-onboarding-image" />
      </div>
      <Button pos="absolute" top={40} right={14} style={{ zIndex: 2 }} size="compact-sm" variant="white" color="dark" onClick={onSkip}>
        {t("guides.phone.skip")}
      </Button>
      {current > 0 && (
        <ActionIcon
          pos="absolute"
          style={{ left: 8, ...ARROW }}
          variant="white"
          color="dark"
          radius="xl"
          onClick={() => setIndex(current - 1)}
          aria-label={t("guides.phone.previous")}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
      )}
      {current < last && (
        <ActionIcon
          pos="absolute"
          style={{ right: 8, ...ARROW }}
          variant="white"
          color="dark"
          radius="xl"
          onClick={() => setIndex(current + 1)}
          aria-label={t("guides.phone.next")}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      )}
      <div className={classes.dots}>
        {urls.map((url, n) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a dot stands for a position in the carousel, not for a picture
            key={`${url}-${n}`}
            type="button"
            className={classes.dot}
            data-active={n === current || undefined}
            onClick={() => setIndex(n)}
            aria-label={t("guides.onboarding.image", { number: n + 1 })}
          />
        ))}
      </div>
    </>
  );
}

/** The phone with a switch between its three screens; `screen` is the caller's (the creator follows its accordion). */
export function GuidePhone({
  guide,
  screen,
  onScreenChange,
}: {
  guide: PhoneGuide;
  screen: PhoneScreen;
  onScreenChange: (screen: PhoneScreen) => void;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<GuideLanguage | undefined>(guide.languages[0]);
  useEffect(() => {
    if (!language || !guide.languages.includes(language)) setLanguage(guide.languages[0]);
  }, [guide.languages, language]);
  return (
    <Stack align="center" gap="sm">
      <SegmentedControl
        value={screen}
        onChange={(value) => onScreenChange(value as PhoneScreen)}
        data={PHONE_SCREENS.map((value) => ({ value, label: t(`guides.phone.screens.${value}`) }))}
      />
      <div className={classes.phone} data-testid="guide-phone" data-screen={screen}>
        <div className={classes.notch} />
        <div className={classes.screen}>
          {screen === "splash" && <SplashScreen guide={guide} />}
          {screen === "welcome" && <WelcomeScreen guide={guide} language={language} onLanguage={setLanguage} />}
          {screen === "onboarding" && <OnboardingCarousel urls={guide.onboardingUrls} onSkip={() => onScreenChange("welcome")} />}
        </div>
      </div>
    </Stack>
  );
}
