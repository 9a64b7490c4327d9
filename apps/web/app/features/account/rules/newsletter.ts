/** The newsletter statuses of `GET /newsletter` that read as subscribed (a pending one awaits its confirmation e-mail). */
export const isSubscribed = (status: string) => status === 'subscribed' || status === 'pending';

/** The status after a subscribe request: a new subscription waits for its confirmation. */
export const statusAfterSubscribe = (status: string | null) => (status === 'subscribed' ? status : 'pending');
