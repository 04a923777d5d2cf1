package io.benchsuite.core.workload;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code audio} of a dataset line: an array of file paths (WAV, or MP3 for a chat model that reads it;
 * a relative path is read from the dataset file's directory, as {@link ImageRecords} reads images):
 * {@code {"prompt": "What is said here?", "audio": ["clips/hello.wav"]}}. Sent as {@code input_audio} parts of
 * a chat request, or the first as the {@code file} of a transcription request.
 */
final class AudioRecords {
    private AudioRecords() {
    }

    /** Adds the line's clips to {@code plan}, when it has any. */
    static void attach(JsonNode record, String where, RequestPlan.Builder plan, String inputName) {
        JsonNode list = record.get("audio");
        if (list == null || list.isNull()) return;
        if (!list.isArray()) {
            throw new WorkloadDataException(where + ": \"audio\" must be an array of file paths, got " + JsonFields.brief(list));
        }
        if (list.isEmpty()) return;
        Path baseDirectory = ImageRecords.baseDirectory(inputName);
        List<AudioInputs.Clip> clips = new ArrayList<>(list.size());
        for (JsonNode n : list) {
            if (!n.isTextual() || n.asText().isBlank()) {
                throw new WorkloadDataException(where + ": each of \"audio\" must be a file path, got " + JsonFields.brief(n));
            }
            String path = n.asText();
            if (path.contains("://") || path.startsWith("data:")) {
                throw new WorkloadDataException(where + ": \"audio\" holds file paths (sent as base64), not URLs: '" + path + "'");
            }
            try {
                clips.add(new AudioInputs.File(baseDirectory == null ? path : baseDirectory.resolve(path).toString()));
            } catch (InvalidPathException e) {
                throw new WorkloadDataException(where + ": audio path '" + path + "': " + e.getMessage());
            }
        }
        plan.extra(new AudioInputs(clips));
    }
}
