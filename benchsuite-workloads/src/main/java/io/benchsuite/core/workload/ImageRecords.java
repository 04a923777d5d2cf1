package io.benchsuite.core.workload;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code images} of a dataset line: an array of strings, each an {@code http(s)} URL or a {@code data:}
 * URL (sent as they are) or a file path (read and sent as a data URL; a relative path is read from the
 * dataset file's directory): {@code {"prompt": "What is in this picture?", "images": ["cat.png",
 * "https://example.com/dog.jpg"]}}.
 */
final class ImageRecords {
    private ImageRecords() {
    }

    /** Adds the line's images to {@code plan}, when it has any. */
    static void attach(JsonNode record, String where, RequestPlan.Builder plan, String inputName) {
        JsonNode list = record.get("images");
        if (list == null || list.isNull()) return;
        if (!list.isArray()) {
            throw new WorkloadDataException(where + ": \"images\" must be an array of paths or URLs, got " + JsonFields.brief(list));
        }
        if (list.isEmpty()) return;
        Path baseDirectory = baseDirectory(inputName);
        List<ImageInputs.Image> images = new ArrayList<>(list.size());
        for (JsonNode n : list) {
            if (!n.isTextual() || n.asText().isBlank()) {
                throw new WorkloadDataException(where + ": each of \"images\" must be a path or URL, got " + JsonFields.brief(n));
            }
            ImageInputs.Reference ref = new ImageInputs.Reference(n.asText());
            if (!ref.isUrl() && baseDirectory != null) {
                try {
                    ref = new ImageInputs.Reference(baseDirectory.resolve(n.asText()).toString());
                } catch (InvalidPathException e) {
                    throw new WorkloadDataException(where + ": image path '" + n.asText() + "': " + e.getMessage());
                }
            }
            images.add(ref);
        }
        plan.extra(new ImageInputs(images));
    }

    /** The directory a dataset's relative image paths are read from: its file's, else the working directory. */
    static Path baseDirectory(String inputName) {
        try {
            Path parent = Path.of(inputName).toAbsolutePath().getParent();
            return parent != null && parent.toFile().isDirectory() ? parent : null;
        } catch (InvalidPathException e) {
            return null;
        }
    }
}
