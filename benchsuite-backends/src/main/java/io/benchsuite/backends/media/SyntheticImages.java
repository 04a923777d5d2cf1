package io.benchsuite.backends.media;

import io.benchsuite.api.backend.ImageInputs;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Encodes synthetic images: RGB pixels drawn from the image's seed, as a PNG or a JPEG. The same image
 * always gives the same bytes, another seed other bytes.
 *
 * <p>Why noise: like vLLM's random multimodal dataset, every pixel is random, so the encoded size is what
 * a photograph's would be at worst (PNG cannot compress it) and no two seeds give a cache-friendly
 * match. The PNG is written here byte by byte with uncompressed deflate blocks: its bytes then depend on
 * nothing but the pixels (a zlib of another version compresses differently), and writing costs a copy,
 * not a compression of incompressible data. The JPEG is written by the JDK's encoder (quality 0.9,
 * baseline), headless.
 */
public final class SyntheticImages {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    /** The largest stored deflate block. */
    private static final int STORED_BLOCK = 65_535;
    private static final float JPEG_QUALITY = 0.9f;

    private SyntheticImages() {
    }

    /**
     * The image's encoded bytes.
     *
     * @param image what defines the image
     * @return its PNG or JPEG bytes
     */
    public static byte[] encode(ImageInputs.Synthetic image) {
        byte[] rgb = pixels(image.width(), image.height(), image.seed());
        return image.format() == ImageInputs.Format.PNG ? png(image.width(), image.height(), rgb)
                : jpeg(image.width(), image.height(), rgb);
    }

    /** {@code width * height} RGB triples drawn from {@code seed}. */
    static byte[] pixels(int width, int height, long seed) {
        byte[] rgb = new byte[Math.multiplyExact(Math.multiplyExact(width, height), 3)];
        SplittableRandom random = new SplittableRandom(seed);
        int i = 0;
        while (i + 8 <= rgb.length) {
            long v = random.nextLong();
            for (int k = 0; k < 8; k++) rgb[i++] = (byte) (v >>> (8 * k));
        }
        long v = random.nextLong();
        for (int k = 0; i < rgb.length; k++) rgb[i++] = (byte) (v >>> (8 * k));
        return rgb;
    }

    /** A truecolour 8-bit PNG: IHDR, one IDAT of stored deflate blocks, IEND. */
    static byte[] png(int width, int height, byte[] rgb) {
        int row = width * 3;
        long raw = (long) height * (row + 1); // each scanline starts with filter type 0
        int blocks = (int) Math.max(1, (raw + STORED_BLOCK - 1) / STORED_BLOCK);
        long zlib = 2 + raw + 5L * blocks + 4;
        long total = PNG_SIGNATURE.length + (12 + 13) + (12 + zlib) + 12;
        if (total > Integer.MAX_VALUE - 16) throw new IllegalArgumentException("image too large: " + width + "x" + height);
        byte[] out = new byte[(int) total];
        int p = 0;
        System.arraycopy(PNG_SIGNATURE, 0, out, 0, PNG_SIGNATURE.length);
        p += PNG_SIGNATURE.length;
        int ihdr = p;
        p = int32(out, p, 13);
        p = ascii(out, p, "IHDR");
        p = int32(out, p, width);
        p = int32(out, p, height);
        out[p++] = 8; // bit depth
        out[p++] = 2; // colour type: truecolour
        out[p++] = 0; // compression
        out[p++] = 0; // filter
        out[p++] = 0; // no interlace
        p = crc(out, ihdr + 4, p);
        int idat = p;
        p = int32(out, p, (int) zlib);
        p = ascii(out, p, "IDAT");
        out[p++] = 0x78; // zlib: deflate, 32K window
        out[p++] = 0x01; // no preset dictionary, fastest; (0x7801 % 31 == 0)
        int dataStart = p;
        long left = raw;
        int y = 0;
        int x = -1; // position in the current scanline; -1 is its filter byte
        while (left > 0) {
            int n = (int) Math.min(STORED_BLOCK, left);
            left -= n;
            out[p++] = (byte) (left == 0 ? 1 : 0); // BFINAL, BTYPE 00
            out[p++] = (byte) n;
            out[p++] = (byte) (n >>> 8);
            out[p++] = (byte) ~n;
            out[p++] = (byte) (~n >>> 8);
            while (n > 0) {
                if (x < 0) {
                    out[p++] = 0;
                    x = 0;
                    n--;
                    continue;
                }
                int take = Math.min(n, row - x);
                System.arraycopy(rgb, y * row + x, out, p, take);
                p += take;
                n -= take;
                x += take;
                if (x == row) {
                    x = -1;
                    y++;
                }
            }
        }
        p = int32(out, p, adler32Of(out, dataStart, p));
        p = crc(out, idat + 4, p);
        int iend = p;
        p = int32(out, p, 0);
        p = ascii(out, p, "IEND");
        p = crc(out, iend + 4, p);
        if (p != out.length) throw new IllegalStateException("PNG length " + p + " != " + out.length);
        return out;
    }

    /** Adler-32 of the scanline bytes inside the stored blocks (their 5-byte headers skipped). */
    private static int adler32Of(byte[] out, int from, int to) {
        Adler32 a = new Adler32();
        for (int p = from; p < to; ) {
            int n = (out[p + 1] & 0xff) | (out[p + 2] & 0xff) << 8;
            a.update(out, p + 5, n);
            p += 5 + n;
        }
        return (int) a.getValue();
    }

    private static byte[] jpeg(int width, int height, byte[] rgb) {
        if (System.getProperty("java.awt.headless") == null) System.setProperty("java.awt.headless", "true");
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        int[] row = new int[width];
        for (int y = 0, i = 0; y < height; y++) {
            for (int x = 0; x < width; x++, i += 3) {
                row[x] = (rgb[i] & 0xff) << 16 | (rgb[i + 1] & 0xff) << 8 | (rgb[i + 2] & 0xff);
            }
            img.setRGB(0, y, width, 1, row, 0, width);
        }
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(width * height);
        try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(JPEG_QUALITY);
            writer.write(null, new IIOImage(img, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode a JPEG: " + e.getMessage(), e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    private static int int32(byte[] out, int p, int v) {
        out[p] = (byte) (v >>> 24);
        out[p + 1] = (byte) (v >>> 16);
        out[p + 2] = (byte) (v >>> 8);
        out[p + 3] = (byte) v;
        return p + 4;
    }

    private static int ascii(byte[] out, int p, String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, out, p, b.length);
        return p + b.length;
    }

    /** Writes the CRC-32 of {@code out[from, to)} (a chunk's type and data) at {@code to}. */
    private static int crc(byte[] out, int from, int to) {
        CRC32 c = new CRC32();
        c.update(out, from, to - from);
        return int32(out, to, (int) c.getValue());
    }
}
