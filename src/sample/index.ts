export { SAMPLE_INVOICE } from './sample-invoice.js'
export { DEFAULT_ACCOUNT_NAME, seedIfEmpty } from './seed-if-empty.js'
