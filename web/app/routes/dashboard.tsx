import { useAuth } from "@web/features/auth/use-auth";

export function Component() {
  const { user } = useAuth();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">Olá, {user?.first_name || user?.email}!</h1>
    </div>
  );
}
