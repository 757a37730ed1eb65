import sharp from 'sharp'
for (const p of ['1', '2']) {
  const { data: a, info } = await sharp(`/tmp/p5/o-${p}.png`).greyscale().raw().toBuffer({ resolveWithObject: true })
  const b = await sharp(`/tmp/p5/n-${p}.png`).greyscale().raw().toBuffer()
  const rows = new Map()
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > 40) { const y = Math.floor(i / info.width); rows.set(y, (rows.get(y) || 0) + 1) }
  const ys = [...rows.keys()]; console.log('page', p, 'rows', ys.length, 'y range', Math.min(...ys), Math.max(...ys), 'of', info.height)
}
