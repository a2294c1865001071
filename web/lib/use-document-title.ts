import { APP_NAME } from "@common/brand";
import { useEffect } from "react";

/**
 * The tab's title while a screen is shown (the server wrote the same one into the HTML), and the
 * app's name again once it goes; null leaves it as it is until the screen knows it.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = title;
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);
}
