// sharp as every renderer uses it: without libvips' operation cache. That cache (up to 50 MB, process-wide)
// keeps results of earlier operations for reuse, which a render service never gets — every render encodes
// other pixels — so it only held memory: the service rendering PNGs measured 20–25 MB less RSS without it,
// at the same CPU per render (png-invoice 301 → 278 MB, card 306/322 → 288/297 MB, side by side).
import sharp from 'sharp'

sharp.cache(false)

export default sharp
