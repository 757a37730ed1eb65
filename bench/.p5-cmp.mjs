import sharp from 'sharp'
for (const p of ['1', '2']) {
  const a = await sharp(`/tmp/p5/o-${p}.png`).greyscale().raw().toBuffer()
  const b = await sharp(`/tmp/p5/n-${p}.png`).greyscale().raw().toBuffer()
  let diff = 0; for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > 40) diff++
  console.log('page', p, 'pixels differing', diff, 'of', a.length)
}
