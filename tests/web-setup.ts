import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy*/waitFor wait up to 5 s, not Testing Library's 1 s: a screen's first render under jsdom
// takes more than a second on a loaded 2-core machine (the API half of the suite runs beside it),
// and a 1 s wait failed assertions that were true a moment later (shortened-url-list, in CI).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
