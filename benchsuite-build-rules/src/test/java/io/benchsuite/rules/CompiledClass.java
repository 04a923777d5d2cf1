package io.benchsuite.rules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.RecordComponentVisitor;

/**
 * What the rules need of one class file: its place in the type hierarchy, its methods and every method it
 * refers to (calls, method references and method handles), read with ASM.
 */
final class CompiledClass {
    /** A method the class declares. */
    record Method(String name, String descriptor, int access, boolean annotatedAtRuntime) {
        boolean is(int flag) {
            return (access & flag) != 0;
        }
    }

    /** A method the class refers to: the owner is the type named at the call site, not always the declaring one. */
    record Reference(String owner, String name, String descriptor) {}

    String name;
    String superName;
    final List<String> interfaces = new ArrayList<>();
    int access;
    /** The flags the InnerClasses attribute gives a nested class (its header says less); -1 for a top-level one. */
    int nestedAccess = -1;
    /** The enclosing class of a member class; null for a top-level, local or anonymous class. */
    String outerName;
    /** The simple name of a member class; null otherwise. */
    String memberName;
    final Set<String> recordComponents = new HashSet<>();
    final List<Method> methods = new ArrayList<>();
    final Set<Reference> references = new HashSet<>();

    boolean is(int flag) {
        return (access & flag) != 0;
    }

    /** Whether code outside the package can see the class. */
    boolean isPublic() {
        return nestedAccess < 0 ? is(Opcodes.ACC_PUBLIC) : (nestedAccess & Opcodes.ACC_PUBLIC) != 0;
    }

    /** The binary name with dots, {@code a.b.Outer$Inner}. */
    String binaryName() {
        return name.replace('/', '.');
    }

    /** The package, in internal form ({@code a/b}). */
    String packageName() {
        int slash = name.lastIndexOf('/');
        return slash < 0 ? "" : name.substring(0, slash);
    }

    /** The name of the top-level class the source file declares ({@code a/b/Outer} for {@code a/b/Outer$Inner$1}). */
    String topLevelName() {
        int dollar = name.indexOf('$', name.lastIndexOf('/') + 1);
        return dollar < 0 ? name : name.substring(0, dollar);
    }

    /** Every class file below {@code classesDir}, read; none when the directory does not exist. */
    static List<CompiledClass> readAll(Path classesDir) {
        List<CompiledClass> out = new ArrayList<>();
        for (Path file : Repository.files(classesDir, ".class")) {
            String fileName = file.getFileName().toString();
            if (fileName.equals("module-info.class") || fileName.equals("package-info.class")) continue;
            try {
                out.add(read(Files.readAllBytes(file)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    static CompiledClass read(byte[] bytes) {
        CompiledClass c = new CompiledClass();
        new ClassReader(bytes).accept(c.new Reader(), ClassReader.SKIP_FRAMES);
        return c;
    }

    private final class Reader extends ClassVisitor {
        Reader() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visit(int version, int flags, String className, String signature, String superClass, String[] implemented) {
            name = className;
            superName = superClass;
            access = flags;
            if (implemented != null) interfaces.addAll(List.of(implemented));
        }

        @Override
        public void visitInnerClass(String inner, String outer, String innerName, int flags) {
            if (inner.equals(name)) {
                nestedAccess = flags;
                outerName = outer;
                memberName = outer == null ? null : innerName;
            }
        }

        @Override
        public RecordComponentVisitor visitRecordComponent(String component, String descriptor, String signature) {
            recordComponents.add(component + descriptor);
            return null;
        }

        @Override
        public MethodVisitor visitMethod(int flags, String method, String descriptor, String signature, String[] exceptions) {
            return new MethodVisitor(Opcodes.ASM9) {
                private boolean annotated;

                @Override
                public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                    if (visible) annotated = true;
                    return null;
                }

                @Override
                public void visitMethodInsn(int opcode, String owner, String called, String calledDescriptor, boolean onInterface) {
                    references.add(new Reference(owner, called, calledDescriptor));
                }

                @Override
                public void visitInvokeDynamicInsn(String indyName, String indyDescriptor, Handle bootstrap, Object... arguments) {
                    for (Object argument : arguments) refer(argument);
                }

                @Override
                public void visitLdcInsn(Object value) {
                    refer(value);
                }

                @Override
                public void visitEnd() {
                    methods.add(new Method(method, descriptor, flags, annotated));
                }
            };
        }

        private void refer(Object constant) {
            if (constant instanceof Handle h) references.add(new Reference(h.getOwner(), h.getName(), h.getDesc()));
        }
    }
}
