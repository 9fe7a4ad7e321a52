/** Query key of the member's data exports ('Download my data'). */
export const DATA_EXPORTS_KEY = ['/api/auth', 'data-exports'] as const;
