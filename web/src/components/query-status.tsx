// What a list or form shows while its data loads or when loading failed.
import { Alert, Center, Loader } from "@mantine/core";
import { errorText } from "../api/errors.ts";

export function QueryStatus({ isLoading, error }: { isLoading: boolean; error: unknown }) {
  if (isLoading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  return null;
}
