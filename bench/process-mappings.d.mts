/** Each kind of mapping with its resident MB (largest first, those under 0.5 MB left out). */
export function residentByMapping(pid?: number | 'self'): Array<{ what: string; mb: number }>
