// 'Pair screen' (spec 3 §2, §5): the PIN the player shows; Pair is enabled when it is longer than 5 characters. A
// refused PIN shows the server's message under the field.
import { Button, Group, Modal, TextInput } from "@mantine/core";
import { SCREEN_LIMITS } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";

type Props = { opened: boolean; onClose: () => void; onPair: (pin: string) => Promise<unknown>; isPairing: boolean };

export function PairDialog({ opened, onClose, onPair, isPairing }: Props) {
  const { t } = useTranslation();
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPin("");
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t("screens.pairScreen")}>
      <TextInput
        label={t("screens.pin")}
        placeholder="132134"
        value={pin}
        inputMode="numeric"
        data-autofocus
        onChange={(event) => {
          setPin(event.currentTarget.value);
          setError(null);
        }}
        error={error}
      />
      <Group justify="flex-end" mt="md">
        <Button
          disabled={pin.trim().length < SCREEN_LIMITS.activationCodeMinInput}
          loading={isPairing}
          onClick={() =>
            onPair(pin.trim()).then(close, (failure: unknown) => {
              setError(errorText(failure));
            })
          }
        >
          {t("screens.pair")}
        </Button>
      </Group>
    </Modal>
  );
}
