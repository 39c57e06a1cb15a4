// The page of a paged list kept in the address (`?page=`, one-based, absent for the first page), so going back to the
// list returns to the page the user left: the API's zero-based page and a way to move to another.
import { useSearchParams } from "react-router";
import { apiPageOf, pageParamOf } from "../features/stories/story-list-query.ts";

export function useAddressPage(): { page: number; goTo: (zeroBasedPage: number) => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const goTo = (next: number) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      const value = pageParamOf(next);
      if (value) params.set("page", value);
      else params.delete("page");
      return params;
    });
  return { page: apiPageOf(searchParams.get("page")), goTo };
}
