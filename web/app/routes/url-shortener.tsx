import { ShortenedUrlForm } from "@web/features/shortened-urls/components/shortened-url-form";
import { ShortenedUrlList } from "@web/features/shortened-urls/components/shortened-url-list";

// /url-shortener: shorten a URL, then manage the list of the user's short links.
export function Component() {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Encurtar URL</h1>
        <p className="mt-1 text-sm text-gray-500">Crie links curtos, compartilhe e acompanhe os cliques.</p>
      </div>
      <ShortenedUrlForm />
      <ShortenedUrlList />
    </div>
  );
}
