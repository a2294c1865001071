import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { Search } from "lucide-react";
import { FilterInput, type FilterInputProps } from "./filter-field";

/**
 * A list's search box, with the magnifier; `useDebouncedSearch` gives what to send. `hideLabel`
 * where the placeholder says what to type.
 */
export function SearchField(props: Omit<FilterInputProps, "type" | "icon">) {
  return <FilterInput type="search" icon={Search} {...props} />;
}

/** What a search box sends: the text trimmed, once typing stops (one request, not one a key). */
export const useDebouncedSearch = (text: string) => useDebouncedValue(text.trim());
