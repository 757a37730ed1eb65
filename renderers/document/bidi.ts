// The one bidi-js instance (Unicode Bidirectional Algorithm, UAX #9): its tables are built once per worker.
import bidiModule, { type Bidi } from 'bidi-js'

// The package is CommonJS (module.exports = factory) while its types declare an ES default export.
const bidiFactory = bidiModule as unknown as () => Bidi

export const bidi: Bidi = bidiFactory()
