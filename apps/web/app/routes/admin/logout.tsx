/** Back office logout: the form in the header posts here; the session ends at the API. */
import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { adminPath } from '../../admin/i18n';
import { langOf, staffApi } from '../../admin/staff-api.server';

export async function action(args: Route.ActionArgs) {
  const answer = await staffApi<boolean>(args, '/logout', { method: 'POST' });
  const headers = new Headers();
  for (const cookie of answer.response.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return redirect(`${adminPath(langOf(args.request), '/login')}?out=1`, { headers });
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(adminPath(langOf(request), '/login'));
}
